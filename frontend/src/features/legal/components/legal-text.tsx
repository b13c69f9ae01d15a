import { useMemo } from 'react';
import { Typography } from '@mantine/core';
import DOMPurify from 'dompurify';
import Markdown, { type Components } from 'react-markdown';
import type { LegalDocument } from '@walletscreen/contracts';

/**
 * The document's headings sit under the page's one h1: a Markdown "#" becomes an h2, and so on
 * down (h6 stays h6).
 */
const shifted: Components = {
  h1: ({ node: _node, ...props }) => <h2 {...props} />,
  h2: ({ node: _node, ...props }) => <h3 {...props} />,
  h3: ({ node: _node, ...props }) => <h4 {...props} />,
  h4: ({ node: _node, ...props }) => <h5 {...props} />,
  h5: ({ node: _node, ...props }) => <h6 {...props} />,
};

/** Scripts, forms, frames and styles are dropped from an operator's HTML; headings move one level down as in Markdown. */
function sanitizeHtml(html: string): string {
  const fragment = DOMPurify.sanitize(html, {
    RETURN_DOM_FRAGMENT: true,
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe'],
    FORBID_ATTR: ['style'],
  });
  for (const heading of Array.from(fragment.querySelectorAll('h1, h2, h3, h4, h5'))) {
    const lower = document.createElement(`h${Number(heading.tagName[1]) + 1}`);
    lower.append(...Array.from(heading.childNodes));
    heading.replaceWith(lower);
  }
  const wrapper = document.createElement('div');
  wrapper.append(fragment);
  return wrapper.innerHTML;
}

/**
 * The text of a Terms or Privacy document: Markdown rendered by react-markdown (raw HTML in it is
 * shown as text, never run), HTML sanitized by DOMPurify before it is shown.
 */
export function LegalText({ document: doc }: { document: LegalDocument }) {
  const html = useMemo(() => (doc.format === 'html' ? sanitizeHtml(doc.content) : null), [doc]);
  return (
    <Typography data-testid="legal-text">
      {html === null ? <Markdown components={shifted}>{doc.content}</Markdown> : <div dangerouslySetInnerHTML={{ __html: html }} />}
    </Typography>
  );
}
