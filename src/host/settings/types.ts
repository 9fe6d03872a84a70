import { HOST_GROUP, HOST_VERSION } from '../resource/host-group.js';
import { defineKind, type TopLevel } from '../resource/kind-def.js';
import type { Resource } from '../resource/types.js';

/** One FormKit input of a settings form. Only the keys the host understands are typed; others pass through. */
export interface FormField {
  $formkit: string;
  name: string;
  label?: string;
  /** Default value. */
  value?: unknown;
  /** FormKit rule string, e.g. "required|length:1,64". */
  validation?: string;
  help?: string;
  /** Choices of select, radio and checkbox inputs: values, {label, value} objects, or a value→label map. */
  options?: unknown;
  /** Marks a secret besides `$formkit: password`: masked on read, never logged. */
  secret?: boolean;
  /**
   * A select whose choices the apps load from a named source instead of `options` (`roles`: the roles granted
   * by hand, by display name). The server checks the value's type and `validation`; whether the chosen item
   * exists is the owning service's check.
   */
  optionsFrom?: string;
  /** A `list` whose items people read: entries `{value, label, i18n}` instead of strings (list-entries.ts). */
  labelled?: boolean;
  /** select with several choices. */
  multiple?: boolean;
  /** FormKit number input: "integer" keeps whole numbers only. */
  number?: string | boolean;
  /** `label` and `help` in other languages than zh-CN (the base text): `{en: {label, help}}`. */
  i18n?: SettingTexts;
  [extra: string]: unknown;
}

/** Texts of a field or group in other languages, keyed by language tag (`en`). */
export type SettingTexts = Record<string, { label?: string; help?: string }>;

export interface SettingForm {
  group: string;
  /** Title of the group (zh-CN). */
  label?: string;
  /** What the group is for (zh-CN). */
  help?: string;
  /** `label` and `help` in other languages: `{en: {label, help}}`. */
  i18n?: SettingTexts;
  formSchema: FormField[];
}

export interface SettingSpec {
  forms: SettingForm[];
}

/** A settings form (Halo's Setting): the schema, grouped. */
export type Setting = Resource<SettingSpec, never>;
export const Setting = defineKind<SettingSpec, never>({ group: HOST_GROUP, version: HOST_VERSION, kind: 'Setting', plural: 'settings' });

/** Values of a settings form: data[group] is a JSON object string of field → value (at the top level, as Kubernetes' ConfigMap). */
export interface ConfigMapFields {
  data?: Record<string, string>;
}

export interface ConfigMap extends Resource<never, never>, ConfigMapFields {}
export const ConfigMap = defineKind<TopLevel<ConfigMapFields>>({
  group: HOST_GROUP,
  version: HOST_VERSION,
  kind: 'ConfigMap',
  plural: 'configmaps',
});

export type GroupValues = Record<string, unknown>;
export type SettingValues = Record<string, GroupValues>;

/** Annotation on a Setting naming its ConfigMap; without it the ConfigMap has the Setting's name. */
export const CONFIG_MAP_ANNOTATION = 'host.authpay.dev/config-map-name';
/** Label naming the plugin that shipped a Setting or ConfigMap. */
export const PLUGIN_LABEL = 'plugin.authpay.dev/plugin-name';

/** What a change listener learns: which groups of which setting now have other effective values. */
export interface SettingsChange {
  settingName: string;
  configMapName: string;
  groups: string[];
}

export type SettingsChangeListener = (change: SettingsChange) => void;

/** What a secret field shows on read instead of its value. Writing it back keeps the stored secret. */
export const SECRET_MASK = '******';

/** A secret field as the console sees it. */
export interface SecretFieldState {
  group: string;
  field: string;
  configured: boolean;
}

/** The console's view of one setting: the form, masked values and which secrets are set. */
export interface SettingsView {
  name: string;
  configMapName: string;
  forms: SettingForm[];
  values: SettingValues;
  secrets: SecretFieldState[];
}

/**
 * The read side plugins use: one typed accessor that always reflects the stored values (defaults filled in),
 * plus change notification.
 */
export interface SettingsReader {
  /** All groups of a setting, or one group when `group` is given. Secrets are returned in clear. */
  get<T = SettingValues>(settingName: string, group?: string): Promise<T>;
  onChange(listener: SettingsChangeListener): () => void;
}
