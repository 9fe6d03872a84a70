import { ElMessageBox } from 'element-plus';
import { translate } from '../i18n/index.js';

export interface ConfirmOptions {
  /** Dialog title (default: "please confirm"). */
  title?: string;
  /** Text of the confirming button (default: "confirm"); name the action, e.g. "delete". */
  confirmText?: string;
  /** A destructive action: the confirming button is red. */
  danger?: boolean;
}

/**
 * Asks before an action, in a modal dialog (ElMessageBox: role=dialog, aria-modal, focus kept inside and
 * given back to the button afterwards, Escape cancels). Resolves to whether the person confirmed.
 * Never window.confirm.
 */
export async function confirmAction(message: string, options: ConfirmOptions = {}): Promise<boolean> {
  try {
    await ElMessageBox.confirm(message, options.title ?? translate('common.confirmTitle'), {
      confirmButtonText: options.confirmText ?? translate('common.confirm'),
      cancelButtonText: translate('common.cancel'),
      type: options.danger ? 'warning' : 'info',
      confirmButtonType: options.danger ? 'danger' : 'primary',
      closeOnClickModal: false,
      closeOnPressEscape: true,
      autofocus: true,
      distinguishCancelAndClose: false,
    });
    return true;
  } catch {
    return false;
  }
}

/** Asks whether to leave a form with unsaved changes. */
export function confirmDiscard(): Promise<boolean> {
  return confirmAction(translate('common.discardChanges'), { confirmText: translate('common.discard'), danger: true });
}
