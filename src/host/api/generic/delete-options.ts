import type { Request } from 'express';
import { AppError, InvalidError } from '../../errors/app-error.js';
import { ajvErrorDetails, createAjv } from '../../schema/ajv.js';
import { isDryRun } from './context.js';
import { booleanParam, integerParam, singleParam } from './query-params.js';

/** meta/v1 DeleteOptions, from the body and the query (the query wins, as in Kubernetes). */
export interface DeleteOptions {
  preconditions: { resourceVersion?: string; uid?: string };
  dryRun: boolean;
  propagationPolicy?: string;
}

/** The JSON shape of a DeleteOptions body; unknown fields are ignored, as Kubernetes' decoder ignores them. */
const DELETE_OPTIONS = {
  type: 'object',
  properties: {
    kind: { type: 'string' },
    apiVersion: { type: 'string' },
    gracePeriodSeconds: { type: 'integer' },
    preconditions: {
      type: ['object', 'null'],
      properties: { uid: { type: ['string', 'null'] }, resourceVersion: { type: ['string', 'null'] } },
    },
    orphanDependents: { type: ['boolean', 'null'] },
    propagationPolicy: { type: ['string', 'null'] },
    dryRun: { type: 'array', items: { type: 'string' } },
  },
};

const validateBody = createAjv().compile(DELETE_OPTIONS);

const POLICIES = ['Orphan', 'Background', 'Foreground'];

/** The request body as DeleteOptions: none, or an object of the right shape (else 400 BadRequest at the field). */
function bodyOf(req: Request): Record<string, unknown> {
  const body = req.body as unknown;
  const emptyObject = typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).length === 0;
  if (body === undefined || emptyObject) return {};
  if (!validateBody(body)) {
    const details = ajvErrorDetails(validateBody.errors);
    const text = details.map((d) => `${d.field}: ${d.messageEn ?? d.message}`).join('; ');
    throw new AppError('BAD_REQUEST', `DeleteOptions 格式不正确：${details.map((d) => d.message).join('；')}`, {
      messageEn: `the body of the request is not valid DeleteOptions: ${text}`,
      details,
    });
  }
  return body as Record<string, unknown>;
}

/**
 * Reads and checks the DeleteOptions of a DELETE: shape (400), Kubernetes' ValidateDeleteOptions (422
 * Invalid), and `propagationPolicy: Foreground`, which needs a garbage collector this server does not run
 * (400). Orphan and Background delete the object alone, as there are no dependents to act on.
 */
export function readDeleteOptions(req: Request): DeleteOptions {
  const body = bodyOf(req);
  integerParam(req, 'gracePeriodSeconds');
  const orphanDependents = booleanParam(req, 'orphanDependents') ?? (body.orphanDependents as boolean | null | undefined) ?? undefined;
  const policy = singleParam(req, 'propagationPolicy') || (body.propagationPolicy as string | null | undefined) || undefined;
  if (policy !== undefined && !POLICIES.includes(policy))
    throw invalidDeleteOptions(
      'propagationPolicy',
      'FieldValueNotSupported',
      `Unsupported value: "${policy}": supported values: "Foreground", "Background", "Orphan"`,
    );
  if (policy !== undefined && orphanDependents !== undefined)
    throw invalidDeleteOptions('propagationPolicy', 'FieldValueInvalid', 'orphanDependents and deletionPropagation cannot be both set');
  if (policy === 'Foreground')
    throw new AppError('BAD_REQUEST', 'propagationPolicy Foreground 不受支持：本服务没有垃圾回收器，请使用 Background 或 Orphan', {
      messageEn: 'propagationPolicy "Foreground" is not supported: this server runs no garbage collector; use Background or Orphan',
      details: [{ field: 'propagationPolicy', message: 'Foreground is not supported', reason: 'FieldValueNotSupported' }],
    });
  const preconditions = (body.preconditions ?? {}) as { uid?: string | null; resourceVersion?: string | null };
  return {
    preconditions: { uid: preconditions.uid || undefined, resourceVersion: preconditions.resourceVersion || undefined },
    dryRun: isDryRun(req, body),
    propagationPolicy: policy,
  };
}

function invalidDeleteOptions(field: string, reason: string, message: string): InvalidError {
  return new InvalidError(`DeleteOptions.meta.k8s.io "" is invalid: ${field}: ${message}`, [{ field, message, reason }]);
}
