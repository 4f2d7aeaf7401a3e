/** An e-mail as the change that causes it writes it; the outbox gives it an id and sends it. */
export interface OutgoingMessage {
  /** Names the event, such as `order:{id}:paid`, so the same event is never written twice. */
  eventKey: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text a person typed (a tool's name, an address), safe inside HTML. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);

/**
 * A message in both forms from the same lines: a heading, paragraphs, a table of facts and a link.
 * Everything given is text and is escaped for the HTML form.
 */
export function composeMessage(parts: {
  eventKey: string;
  to: string;
  subject: string;
  heading: string;
  paragraphs: string[];
  facts?: [label: string, value: string][];
  link?: { label: string; href: string };
}): OutgoingMessage {
  const { eventKey, to, subject, heading, paragraphs, facts = [], link } = parts;
  const text = [
    heading,
    "",
    ...paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...(facts.length > 0 ? [...facts.map(([label, value]) => `${label}: ${value}`), ""] : []),
    ...(link ? [`${link.label}: ${link.href}`, ""] : []),
    "Toolshop",
  ].join("\n");
  const html = [
    '<!doctype html><html lang="en"><body style="font-family: sans-serif; color: #1f2937">',
    `<h1 style="font-size: 20px">${escapeHtml(heading)}</h1>`,
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    facts.length > 0
      ? `<table style="border-collapse: collapse">${facts
          .map(([label, value]) => `<tr><th style="text-align: left; padding: 2px 12px 2px 0">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
          .join("")}</table>`
      : "",
    link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : "",
    "<p>Toolshop</p></body></html>",
  ].join("");
  return { eventKey, to, subject, text, html };
}
