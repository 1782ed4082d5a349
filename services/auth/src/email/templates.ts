import type { Mail } from './mailer';

const PRODUCT = 'StockAI 智能股票分析';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The password-reset e-mail (Traditional Chinese), with the link, its lifetime and single use. */
export function passwordResetMail(input: { to: string; firstName: string; resetUrl: string; expiresInMinutes: number }): Mail {
  const name = input.firstName.trim() || '用戶';
  const text = [
    `${name}，您好：`,
    '',
    `我們收到重設您 ${PRODUCT} 帳戶密碼的要求。請按以下連結設定新密碼：`,
    '',
    input.resetUrl,
    '',
    `此連結於 ${input.expiresInMinutes} 分鐘內有效，並只可使用一次。`,
    '如您沒有提出此要求，請忽略本郵件，您的密碼不會有任何改變。',
    '',
    `${PRODUCT}`,
  ].join('\n');
  const url = escapeHtml(input.resetUrl);
  const html = `<!doctype html>
<html lang="zh-Hant"><body style="font-family:sans-serif;color:#0f1b2d;line-height:1.6">
<p>${escapeHtml(name)}，您好：</p>
<p>我們收到重設您 ${PRODUCT} 帳戶密碼的要求。請按以下按鈕設定新密碼：</p>
<p><a href="${url}" style="display:inline-block;padding:10px 18px;background:#1d5bd8;color:#fff;border-radius:6px;text-decoration:none">重設密碼</a></p>
<p style="font-size:13px;color:#5b6778">如按鈕無法使用，請複製以下連結到瀏覽器：<br>${url}</p>
<p>此連結於 ${input.expiresInMinutes} 分鐘內有效，並只可使用一次。如您沒有提出此要求，請忽略本郵件，您的密碼不會有任何改變。</p>
<p>${PRODUCT}</p>
</body></html>`;
  return { to: input.to, subject: `${PRODUCT}：重設密碼`, text, html };
}
