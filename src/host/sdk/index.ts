/**
 * The host SDK: everything a plugin may use of the platform, and the only module a service imports from
 * `src/host/` (dependency-cruiser enforces it). At run time a plugin reaches the platform through the
 * PluginContext it is started with; this module gives it the types, the kind definitions and the small
 * pure helpers that go with them. docs/architecture.md says where each part lives inside the host.
 */

// Plugin definition and context
export type { PluginContext, PluginEntry, PluginManifest } from '../plugin/plugin-context.js';
export type { Logger } from '../logging/logger.js';

// Resources and typed kinds
export type { ObjectMeta, Resource, WatchEvent, WatchEventType } from '../resource/types.js';
export { defineKind, kindName } from '../resource/kind-def.js';
export type {
  AnyKindDef,
  KindDef,
  KindRef,
  NewObject,
  ObjectOf,
  Stored,
  StoredMeta,
  StoredTopLevel,
  TopLevel,
} from '../resource/kind-def.js';
export type { ExtensionClient, DeleteResult } from '../client/extension-client.js';
export { and, or, eq, inValues, isNull, notNull, lt, gt, labelEq } from '../store/query.js';
export type { Condition, ListPage, ListQuery, SortSpec } from '../store/query.js';
export { runInChunks, CHUNK_BUDGET_MS } from '../store/chunk-budget.js';
export type { ChunkOptions, Transactional } from '../store/chunk-budget.js';
export { toTimestamp, parseTimestamp, nowTimestamp } from '../resource/time.js';

// Operations, envelope and errors
export { defineOperation } from '../api/operations/operation.js';
export type { OperationDef, OperationContext, HttpMethod, JsonSchema } from '../api/operations/operation.js';
export { ok } from '../api/envelope/envelope.js';
export type { Envelope } from '../api/envelope/envelope.js';
export { loadAllYamlInput, loadYamlInput } from '../schema/yaml-input.js';
export {
  CREATED_RANGE_QUERY_PROPERTIES,
  listResult,
  listResultSchema,
  pageQueryProperties,
  PAGE_QUERY_PROPERTIES,
} from '../api/list-result.js';
export type { ListResult } from '../api/list-result.js';
export {
  AppError,
  NotFoundError,
  ConflictError,
  AlreadyExistsError,
  ValidationError,
  InvalidError,
  isAppError,
  localizedMessage,
  localizedDetail,
  englishMessage,
} from '../errors/app-error.js';
export type { ErrorCode, ErrorDetail, AppErrorOptions, ErrorNoun } from '../errors/app-error.js';
export { DECIMAL_PLACES_KEYWORD, fractionDigits } from '../schema/decimal-places.js';
export { payloadTooLarge, sizeText } from '../errors/payload-too-large.js';
export { registerErrorMessages, defaultErrorMessage } from '../errors/error-catalog.js';
export { tryAgainIn, waitWords } from '../ratelimit/wait-words.js';
export { labelled, LABEL_KEYWORD } from '../schema/field-labels.js';
export type { ErrorTexts, ErrorMessageTable } from '../errors/error-catalog.js';
export { negotiateLanguage, hasChineseText, DEFAULT_LANGUAGE } from '../errors/language.js';
export type { Language } from '../errors/language.js';
export { formatMoney } from '../format/money-text.js';
// The host kinds a service reads or writes, named by their definitions like the service's own
export { HostUser } from '../users/types.js';
export { userLanguage } from '../users/user-language.js';
export type { PluginVisibleUserSpec } from '../users/types.js';
export { Role as HostRole, RoleBinding as HostRoleBinding } from '../rbac/types.js';
export type { PolicyRule, RoleBindingFields, RoleFields, Subject } from '../rbac/types.js';
export type { Principal } from '../request/principal.js';
export { ajvErrorDetails, createAjv, detailSummary } from '../schema/ajv.js';
export type { AjvDetailOptions } from '../schema/ajv.js';
export { isCalendarDate, isCalendarDateTime, isCalendarDateOrDateTime, parseCalendarTime, wallTimeExists } from '../schema/calendar.js';
export {
  asciiHttpUrl,
  isHttpUrl,
  isMultiLineText,
  isSingleLineText,
  multiLineText,
  singleLineText,
  type HostFormat,
} from '../schema/text-formats.js';

// Settings
export type { PluginSettings } from '../settings/settings-service.js';
export { FlatSettings } from '../settings/flat-settings.js';
export { entryLabel, listEntries, type ListEntry } from '../settings/list-entries.js';
export { settingsInvalid } from '../settings/compiled-setting.js';
export type { GroupRule, GroupRuleProblem } from '../settings/compiled-setting.js';
export type { FlatFieldMap } from '../settings/flat-settings.js';

// Jobs and controllers
export type { JobContext, JobDefinition } from '../scheduler/types.js';
export type { ControllerDefinition, ReconcileResult } from '../controller/types.js';
export { Informer } from '../controller/informer.js';
export { reconcileFinalizer } from '../controller/finalizers.js';
export { PollingLoop } from '../workers/polling-loop.js';

// Outbox delivery: one leased claim → deliver → retry → give-up loop, generic over the item kind
export { LeasedDeliveryWorker } from '../workers/leased-delivery-worker.js';
export type { AttemptResult, Lease, LeasedDelivery, LeasedDeliveryWorkerOptions, Settlement } from '../workers/leased-delivery-worker.js';
export { exponentialBackoff, delayTable } from '../workers/retry-schedule.js';
export type { ExponentialBackoff, RetrySchedule } from '../workers/retry-schedule.js';

// Clock: one type for "now" and timers everywhere
export { systemClock, sleep } from '../controller/clock.js';
export type { Clock, TimerHandle } from '../controller/clock.js';

// Notifications and HTML
export type { Notifier, SendInput, SendResult } from '../notifications/types.js';
export { LocalizedText, localizedText } from '../notifications/localized-text.js';
export { sanitizedHtml, htmlToText, escapeHtml, trustedHtml, SafeHtml } from '../notifications/safe-html.js';

// Attachments (small files kept by the host, e.g. a catalog plugin's logo)
export type { Attachments, AttachmentRef, AttachmentSpec, NewAttachment } from '../attachments/types.js';
export { Attachment as HostAttachment, MAX_ATTACHMENT_BYTES } from '../attachments/types.js';

// Caches, rate limits and request safety
export { BoundedCache } from '../cache/bounded-cache.js';
export { WatchedReadCache } from '../cache/watched-read-cache.js';
export { RateLimiter } from '../ratelimit/rate-limiter.js';
export type { RateLimit, RateLimitDecision, RateLimitOptions } from '../ratelimit/rate-limiter.js';
export { corsFor } from '../ops/cors.js';
export { safeEqual, SecretDigest } from '../security/safe-equal.js';
export { classifyAddress, isLocalAddress, isNonPublicAddress, ipv6Bytes, LOCAL_CLASSES } from '../security/ip-address.js';
export type { AddressClass } from '../security/ip-address.js';
