import type { Mail } from './mailer';

const PRODUCT = 'StockAI 智能股票分析';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/**
 * The password-reset e-mail, in Traditional Chinese as written in Hong Kong: the link, how
 * long it lasts, that it works once, and that an unrequested mail can be ignored (someone may
 * have typed the address by mistake; nothing changes until the link is used).
 */
export function passwordResetMail(input: { to: string; firstName: string; resetUrl: string; expiresInMinutes: number }): Mail {
  const name = input.firstName.trim() || '用戶';
  const minutes = String(input.expiresInMinutes);
  const text = [
    `${name}，你好：`,
    '',
    `我們收到重設你的 ${PRODUCT} 帳戶密碼的要求。請使用以下連結設定新密碼：`,
    '',
    input.resetUrl,
    '',
    `此連結於 ${minutes} 分鐘內有效，並只可使用一次。`,
    '',
    '如你沒有要求重設密碼，請忽略此電郵，你的密碼將維持不變。',
    '',
    PRODUCT,
  ].join('\n');

  const url = escapeHtml(input.resetUrl);
  const html = `<!doctype html>
<html lang="zh-Hant-HK">
<body style="font-family:sans-serif;color:#0f1b2d;line-height:1.6">
<p>${escapeHtml(name)}，你好：</p>
<p>我們收到重設你的 ${PRODUCT} 帳戶密碼的要求。請按此設定新密碼：</p>
<p><a href="${url}" style="display:inline-block;padding:10px 18px;background:#1d5bd8;color:#fff;border-radius:6px;text-decoration:none">重設密碼</a></p>
<p style="font-size:13px;color:#5b6778">如按鈕未能使用，請把以下連結複製到瀏覽器：<br>${url}</p>
<p>此連結於 ${escapeHtml(minutes)} 分鐘內有效，並只可使用一次。</p>
<p>如你沒有要求重設密碼，請忽略此電郵，你的密碼將維持不變。</p>
<p>${PRODUCT}</p>
</body>
</html>`;

  return { to: input.to, subject: `${PRODUCT}：重設密碼`, text, html };
}

/**
 * A fired watchlist alert, in Traditional Chinese: the notification's own title and text (they
 * name the stock, the price and the threshold), the link to the report the alert followed (or
 * to the watchlist), and how to stop these e-mails.
 */
export function watchlistAlertMail(input: {
  to: string;
  firstName: string;
  title: string;
  body: string;
  link: string;
  settingsUrl: string;
}): Mail {
  const name = input.firstName.trim() || '用戶';
  const text = [
    `${name}，你好：`,
    '',
    input.title,
    input.body,
    '',
    `查看報告：${input.link}`,
    '',
    `你收到此電郵，是因為你在 ${PRODUCT} 開啟了電郵提示；可於個人資料的通知設定關閉：${input.settingsUrl}`,
    '',
    PRODUCT,
  ].join('\n');
  const link = escapeHtml(input.link);
  const html = `<!doctype html>
<html lang="zh-Hant-HK">
<body style="font-family:sans-serif;color:#0f1b2d;line-height:1.6">
<p>${escapeHtml(name)}，你好：</p>
<p><strong>${escapeHtml(input.title)}</strong></p>
<p>${escapeHtml(input.body)}</p>
<p><a href="${link}" style="display:inline-block;padding:10px 18px;background:#1d5bd8;color:#fff;border-radius:6px;text-decoration:none">查看報告</a></p>
<p style="font-size:13px;color:#5b6778">如按鈕未能使用，請把以下連結複製到瀏覽器：<br>${link}</p>
<p style="font-size:13px;color:#5b6778">你收到此電郵，是因為你開啟了電郵提示；可於<a href="${escapeHtml(input.settingsUrl)}">個人資料的通知設定</a>關閉。</p>
<p>${PRODUCT}</p>
</body>
</html>`;
  return { to: input.to, subject: `${PRODUCT}：${input.title}`, text, html };
}
