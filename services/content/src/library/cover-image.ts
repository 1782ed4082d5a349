import type { CoverTheme, LibraryArticle } from './library-article';

/**
 * Cover images of the built-in library, drawn as SVG from the article's theme and first tag,
 * so they ship with the service (no image files to keep in step with the articles) and stay
 * sharp at any size. 1200×630 is the feature-image ratio Ghost themes and link previews use.
 */
const PALETTES: Record<CoverTheme, { from: string; to: string; accent: string }> = {
  valuation: { from: '#0b2545', to: '#1d5bd8', accent: '#7dd3fc' },
  income: { from: '#064e3b', to: '#059669', accent: '#fde68a' },
  property: { from: '#3b0764', to: '#7c3aed', accent: '#f9a8d4' },
  fund: { from: '#1e3a8a', to: '#0891b2', accent: '#a5f3fc' },
  risk: { from: '#7f1d1d', to: '#dc2626', accent: '#fecaca' },
  status: { from: '#1f2937', to: '#4b5563', accent: '#fcd34d' },
  market: { from: '#0c4a6e', to: '#0284c7', accent: '#bbf7d0' },
  currency: { from: '#713f12', to: '#d97706', accent: '#fef3c7' },
  planning: { from: '#134e4a', to: '#0d9488', accent: '#ccfbf1' },
};

/** A simple picture for each theme, drawn in a 360×360 box. */
const PICTURES: Record<CoverTheme, string> = {
  valuation:
    '<rect x="40" y="200" width="50" height="120" rx="8"/><rect x="115" y="150" width="50" height="170" rx="8"/><rect x="190" y="90" width="50" height="230" rx="8"/><circle cx="270" cy="110" r="60" fill="none" stroke-width="18"/><line x1="312" y1="152" x2="350" y2="190" stroke-width="22" stroke-linecap="round"/>',
  income:
    '<ellipse cx="180" cy="270" rx="120" ry="36"/><ellipse cx="180" cy="220" rx="120" ry="36" opacity="0.85"/><ellipse cx="180" cy="170" rx="120" ry="36" opacity="0.7"/><ellipse cx="180" cy="120" rx="120" ry="36" opacity="0.55"/>',
  property:
    '<rect x="60" y="120" width="100" height="200" rx="6"/><rect x="180" y="60" width="120" height="260" rx="6" opacity="0.8"/><rect x="80" y="145" width="24" height="24" fill="#fff" opacity="0.5"/><rect x="120" y="145" width="24" height="24" fill="#fff" opacity="0.5"/><rect x="205" y="90" width="28" height="28" fill="#fff" opacity="0.5"/><rect x="248" y="90" width="28" height="28" fill="#fff" opacity="0.5"/>',
  fund: '<circle cx="180" cy="180" r="130"/><path d="M180 180 L180 50 A130 130 0 0 1 303 220 Z" fill="#fff" opacity="0.45"/><path d="M180 180 L303 220 A130 130 0 0 1 120 296 Z" fill="#fff" opacity="0.25"/>',
  risk: '<polyline points="20,260 90,140 150,230 220,60 280,200 340,120" fill="none" stroke-width="22" stroke-linejoin="round" stroke-linecap="round"/><circle cx="220" cy="60" r="16"/>',
  status:
    '<circle cx="180" cy="180" r="130" fill="none" stroke-width="22"/><rect x="130" y="110" width="34" height="140" rx="8"/><rect x="196" y="110" width="34" height="140" rx="8"/>',
  market:
    '<circle cx="180" cy="180" r="130" fill="none" stroke-width="16"/><ellipse cx="180" cy="180" rx="60" ry="130" fill="none" stroke-width="12"/><line x1="50" y1="180" x2="310" y2="180" stroke-width="12"/><line x1="75" y1="110" x2="285" y2="110" stroke-width="10"/><line x1="75" y1="250" x2="285" y2="250" stroke-width="10"/>',
  currency:
    '<circle cx="130" cy="150" r="100" fill="none" stroke-width="18"/><circle cx="240" cy="220" r="100" opacity="0.7"/><text x="130" y="182" font-size="96" font-weight="700" text-anchor="middle" stroke="none">$</text>',
  planning:
    '<circle cx="180" cy="180" r="130" fill="none" stroke-width="18"/><circle cx="180" cy="180" r="80" fill="none" stroke-width="18"/><circle cx="180" cy="180" r="30"/>',
};

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function coverImageSvg(article: Pick<LibraryArticle, 'slug' | 'theme' | 'tags'>): string {
  const palette = PALETTES[article.theme];
  const label = article.tags[0]?.name ?? '';
  const gradient = `g-${article.slug}`;
  // Long labels (房地產投資信託) shrink so they end before the picture on the right.
  const labelSize = Math.min(96, Math.floor(620 / Math.max(1, [...label].length)));
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630" role="img" aria-label="${escapeXml(label)}">
<defs><linearGradient id="${gradient}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient></defs>
<rect width="1200" height="630" fill="url(#${gradient})"/>
<circle cx="1080" cy="-40" r="260" fill="#fff" opacity="0.06"/><circle cx="80" cy="640" r="220" fill="#fff" opacity="0.05"/>
<g transform="translate(740 135)" fill="${palette.accent}" stroke="${palette.accent}" opacity="0.92">${PICTURES[article.theme]}</g>
<text x="90" y="300" fill="#fff" font-family="'Noto Sans TC','Noto Sans CJK TC','PingFang TC','Microsoft JhengHei',sans-serif" font-size="${labelSize}" font-weight="700">${escapeXml(label)}</text>
<rect x="90" y="345" width="120" height="10" rx="5" fill="${palette.accent}"/>
<text x="90" y="430" fill="#fff" opacity="0.85" font-family="'Noto Sans TC','Noto Sans CJK TC','PingFang TC','Microsoft JhengHei',sans-serif" font-size="40">StockAI 投資學堂</text>
</svg>`;
}
