/*
 * Tourist information centres badge: a self-contained widget with no dependencies.
 * Usage: <div data-tic-badge></div> <script async src="/widgets/tic-badge.js" data-lang="en"></script>
 * The language comes from the script's data-lang, else the page's <html lang> (ru, en, zh; ru by
 * default). It renders into every [data-tic-badge] container and never throws.
 */
(() => {
  const texts = {
    ru: { title: 'Туристские информационные центры', note: 'Помощь и советы путешественникам' },
    en: { title: 'Tourist information centres', note: 'Help and advice for travellers' },
    zh: { title: '旅游信息中心', note: '为旅行者提供帮助与建议' },
  };
  const href = '/tourist-information-centers/list';
  const styleId = 'tic-badge-styles';
  const css = [
    '.tic-badge{display:flex;align-items:center;gap:12px;box-sizing:border-box;max-width:320px;min-height:64px;',
    'padding:10px 16px 10px 10px;border-radius:14px;background:#fff;color:#14213d;text-decoration:none;',
    'font:inherit;line-height:1.3;transition:box-shadow .15s}',
    '.tic-badge:hover{box-shadow:0 0 0 3px #e0b040;color:#14213d}',
    '.tic-badge:focus-visible{outline:3px solid #e0b040;outline-offset:3px}',
    '.tic-badge__icon{flex:none;display:flex;align-items:center;justify-content:center;width:44px;height:44px;',
    'border-radius:50%;background:#14213d;color:#e0b040}',
    '.tic-badge__icon svg{display:block;width:24px;height:24px}',
    '.tic-badge__text{display:flex;flex-direction:column;min-width:0}',
    '.tic-badge__title{font-size:15px;font-weight:700;color:#14213d}',
    '.tic-badge__note{font-size:13px;color:#4a5266}',
    '.tic-badge:hover .tic-badge__title{text-decoration:underline;text-underline-offset:3px}',
    '@media (prefers-reduced-motion:reduce){.tic-badge{transition:none}}',
  ].join('');
  const icon =
    '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round">' +
    '<circle cx="12" cy="12" r="10"/><path d="M12 11v6"/><circle cx="12" cy="7.2" r=".6" fill="currentColor"/></svg>';

  function language(script) {
    const tag = script?.getAttribute('data-lang') || document.documentElement.getAttribute('lang') || 'ru';
    let base = String(tag).toLowerCase().split(/[-_]/)[0];
    if (base === 'ch') base = 'zh';
    return Object.hasOwn(texts, base) ? base : 'ru';
  }

  function ensureStyles() {
    if (document.getElementById(styleId)) return;
    const style = document.createElement('style');
    style.id = styleId;
    style.textContent = css;
    (document.head || document.documentElement).appendChild(style);
  }

  function span(className, text) {
    const element = document.createElement('span');
    element.className = className;
    if (text) element.textContent = text;
    return element;
  }

  function badge(lang) {
    const link = document.createElement('a');
    link.className = 'tic-badge';
    link.href = href;
    link.lang = lang;
    const picture = span('tic-badge__icon');
    picture.setAttribute('aria-hidden', 'true');
    picture.innerHTML = icon;
    const text = span('tic-badge__text');
    text.append(span('tic-badge__title', texts[lang].title), span('tic-badge__note', texts[lang].note));
    link.append(picture, text);
    return link;
  }

  function render(script) {
    const lang = language(script);
    const containers = document.querySelectorAll('[data-tic-badge]');
    if (containers.length) ensureStyles();
    for (const container of containers) {
      try {
        if (container.getAttribute('data-tic-badge-lang') === lang && container.firstChild) continue;
        container.replaceChildren(badge(lang));
        container.setAttribute('data-tic-badge-lang', lang);
      } catch {
        // One broken container must not stop the others.
      }
    }
  }

  function safeRender(script) {
    try {
      render(script);
    } catch {
      // Never break the host page.
    }
  }

  try {
    const script = document.currentScript;
    if (document.readyState === 'loading')
      document.addEventListener('DOMContentLoaded', () => safeRender(script));
    else safeRender(script);
  } catch {
    // Never break the host page.
  }
})();
