import { Toast } from 'antd-mobile';
import { i18n } from './i18n';

/** Copies text; resolves false when neither the Clipboard API nor the legacy fallback works. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission refused or insecure context: try the legacy way below.
  }
  try {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    document.body.removeChild(area);
    return ok;
  } catch {
    return false;
  }
}

/** Copies text and says how it went: `doneMsg` when copied, 复制失败 (`common.copyFailed`) when not. */
export async function copyWithToast(text: string, doneMsg: string): Promise<void> {
  const ok = await copyText(text);
  Toast.show(ok ? { icon: 'success', content: doneMsg } : { content: i18n.t('common.copyFailed') });
}
