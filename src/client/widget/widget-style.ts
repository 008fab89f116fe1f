/**
 * The widget's CSS, inside its closed shadow root. `:host { all: initial }` stops the page's
 * inherited styles (font, colour, line height) at the boundary; nothing here can reach the page.
 */
export const widgetCss = (accent: string) => `
:host { all: initial; position: fixed; right: 20px; bottom: 20px; z-index: 2147483000;
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif;
  color: #111827; --accent: ${accent}; }
* { box-sizing: border-box; }
.launcher { width: 56px; height: 56px; border-radius: 50%; border: 0; cursor: pointer;
  background: var(--accent); color: #fff; box-shadow: 0 4px 14px rgba(0,0,0,.25);
  display: grid; place-items: center; margin-left: auto; }
.launcher svg { width: 26px; height: 26px; fill: currentColor; }
.panel { position: absolute; right: 0; bottom: 68px; width: min(360px, calc(100vw - 40px));
  height: min(520px, calc(100vh - 110px)); display: flex; flex-direction: column;
  background: #fff; border-radius: 12px; box-shadow: 0 10px 30px rgba(0,0,0,.25); overflow: hidden; }
.panel[hidden] { display: none; }
header { display: flex; align-items: center; gap: 8px; padding: 12px 14px;
  background: var(--accent); color: #fff; }
header img { width: 28px; height: 28px; border-radius: 50%; object-fit: cover; background: #fff; }
h2 { flex: 1; margin: 0; font-size: 15px; font-weight: 600; }
.close { border: 0; background: transparent; color: inherit; font-size: 22px; line-height: 1;
  cursor: pointer; padding: 2px 6px; }
ol { flex: 1; margin: 0; padding: 12px; list-style: none; overflow-y: auto; display: flex;
  flex-direction: column; gap: 8px; background: #f9fafb; }
.empty { color: #6b7280; text-align: center; margin: auto 0; }
li { max-width: 85%; padding: 8px 11px; border-radius: 12px; white-space: pre-wrap;
  overflow-wrap: anywhere; }
li.brand { align-self: flex-start; background: #fff; border: 1px solid #e5e7eb; }
li.visitor { align-self: flex-end; background: var(--accent); color: #fff; }
li.failed { opacity: .85; outline: 2px solid #dc2626; }
.meta { display: block; font-size: 12px; margin-top: 4px; opacity: .85; }
.retry { border: 0; background: #fff; color: #b91c1c; border-radius: 6px; padding: 2px 8px;
  margin-top: 4px; cursor: pointer; font: inherit; font-size: 12px; }
.status { margin: 0; padding: 6px 12px; font-size: 13px; background: #fef2f2; color: #991b1b; }
.status:empty { display: none; }
form { display: flex; gap: 8px; padding: 10px; border-top: 1px solid #e5e7eb; }
textarea { flex: 1; resize: none; height: 40px; padding: 9px 10px; border: 1px solid #d1d5db;
  border-radius: 8px; font: inherit; color: inherit; background: #fff; }
textarea:focus-visible, button:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.send { border: 0; border-radius: 8px; padding: 0 14px; background: var(--accent); color: #fff;
  font: inherit; font-weight: 600; cursor: pointer; }
`;
