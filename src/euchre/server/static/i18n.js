// The page's words in the reader's language: the catalog the server sends for the language
// of <html lang> (/i18n/<code>.json, made from the same gettext catalogs as the server's
// words). t("Message {name}", {name}) and tn("{n} hand", "{n} hands", n) look a message up
// and fill its named placeholders; a message with no translation reads in English.
const lang = document.documentElement.lang || "en";
let catalog = { messages: {}, plural: [] };
if (lang !== "en") {
  try {
    const reply = await fetch(`/i18n/${lang}.json`);
    if (reply.ok) catalog = await reply.json();
  } catch { /* offline: the English words */ }
}

export const language = lang;
const locale = lang === "qps" ? "en" : lang;
const numbers = new Intl.NumberFormat(locale, { numberingSystem: "latn" });

// A number as the language writes it, with Latin digits as the cards print them.
export function number(n) { return numbers.format(n); }

const days = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC", numberingSystem: "latn" });
// A day ("2026-12-07", UTC) as the language writes a date, as the server's pages do (Babel).
export function date(day) {
  const when = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(when.getTime()) ? day : days.format(when);
}

// A value written in the other direction than the page's (an Arabic name in an English
// sentence, a Latin one in an Arabic sentence) is isolated (U+2068 ... U+2069), so the
// sentence around it keeps its order.
const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;
const rtl = catalog.direction === "rtl";
function isolated(value) {
  const text = String(value);
  const other = rtl ? /[^\d\s.,:;+\-–()]/.test(text) && !RIGHT_TO_LEFT.test(text) : RIGHT_TO_LEFT.test(text);
  return other ? `\u2068${text}\u2069` : text;  // (in Arabic a card too: 10♠, never ♠10)
}

function fill(text, values) {
  return values ? text.replace(/\{([a-z_]+)\}/g, (whole, key) => (key in values ? isolated(values[key]) : whole)) : text;
}

export function t(message, values) {
  const found = catalog.messages[message];
  return fill(typeof found === "string" && found ? found : message, values);
}

// Items of a list in a row ("Ann 3, Bob 2"), with the language's separator (Arabic's "، ").
export function listed(items) {
  // TRANSLATORS: what stands between the items of a list ("Ann 3, Bob 2"); Arabic: "، "
  return items.join(t(", "));
}

export function tn(one, many, n, values) {
  const forms = catalog.messages[one];
  const at = n < 200 ? n : 100 + (n % 100);
  const index = catalog.plural.length ? catalog.plural[at] : (n === 1 ? 0 : 1);
  const text = Array.isArray(forms) && forms[index] ? forms[index] : (n === 1 ? one : many);
  return fill(text, { n: number(n), ...values });
}
