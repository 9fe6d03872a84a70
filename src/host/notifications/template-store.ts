import fs from 'node:fs';
import path from 'node:path';
import * as yaml from 'js-yaml';
import { AppError, NotFoundError, ValidationError } from '../errors/app-error.js';
import type { ExtensionClient } from '../client/extension-client.js';
import { ajvErrorDetails, createAjv, detailSummary } from '../schema/ajv.js';
import { compileTemplate, type CompiledTemplate } from './render-template.js';
import { NotificationTemplate, type TemplateSource } from './types.js';

const TEMPLATE_ID = /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/;

const FILE_SCHEMA = {
  type: 'object',
  required: ['title', 'html', 'text'],
  additionalProperties: false,
  properties: {
    description: { type: 'string' },
    title: { type: 'string' },
    html: { type: 'string' },
    text: { type: 'string' },
    variables: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name'],
        additionalProperties: false,
        properties: {
          name: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)*$' },
          required: { type: 'boolean' },
          description: { type: 'string' },
        },
      },
    },
    i18n: {
      type: 'object',
      additionalProperties: false,
      properties: {
        en: {
          type: 'object',
          additionalProperties: false,
          properties: { title: { type: 'string' }, html: { type: 'string' }, text: { type: 'string' } },
        },
      },
    },
  },
};

// Compiled once for every template file the process reads.
const validateFile = createAjv().compile<TemplateSource>(FILE_SCHEMA);

/**
 * Finds templates by id: a NotificationTemplate resource of that name wins (administrators may reword a
 * message), else the file `<id>.yaml|.yml|.json` from the template directories, read and checked at start.
 */
export class TemplateStore {
  private readonly files = new Map<string, CompiledTemplate>();

  constructor(private readonly client?: ExtensionClient) {}

  /** Loads every template file of a directory; a broken file stops the start with its name. */
  addDirectory(dir: string): string[] {
    if (!fs.existsSync(dir)) return [];
    const ids: string[] = [];
    for (const file of fs
      .readdirSync(dir)
      .filter((f) => /\.(ya?ml|json)$/.test(f))
      .sort()) {
      const id = file.replace(/\.(ya?ml|json)$/, '');
      this.files.set(id, loadFile(id, path.join(dir, file)));
      ids.push(id);
    }
    return ids;
  }

  /** Adds a template from code (tests, programmatic templates). */
  addTemplate(id: string, source: TemplateSource): void {
    this.files.set(id, compileTemplate(checkId(id), checkSource(source, id)));
  }

  ids(): string[] {
    return [...this.files.keys()].sort();
  }

  async get(id: string): Promise<CompiledTemplate> {
    checkId(id);
    if (this.client?.registry.find(NotificationTemplate.kind)) {
      const resource = await this.client.fetch(NotificationTemplate, id);
      if (resource?.spec) return compileTemplate(id, resource.spec);
    }
    const file = this.files.get(id);
    if (!file) throw new NotFoundError('notification template', id);
    return file;
  }
}

function checkId(id: string): string {
  if (typeof id !== 'string' || !TEMPLATE_ID.test(id))
    throw new ValidationError(`notification template id "${String(id)}" is not valid (lower-case letters, digits, "-" and ".")`, [
      { field: 'template', message: 'invalid id' },
    ]);
  return id;
}

function checkSource(source: unknown, where: string): TemplateSource {
  if (validateFile(source)) return source;
  const details = ajvErrorDetails(validateFile.errors);
  throw new AppError('INTERNAL', `notification template ${where} is invalid: ${detailSummary(details, 'en')}`, { details });
}

function loadFile(id: string, file: string): CompiledTemplate {
  checkId(id);
  const text = fs.readFileSync(file, 'utf8');
  const parsed = file.endsWith('.json') ? JSON.parse(text) : yaml.load(text);
  return compileTemplate(id, checkSource(parsed, file));
}
