import { Anchor } from '@mantine/core';
import { Fragment } from 'react';

const urlPattern = /https?:\/\/[^\s<>"')\]]+/g;

/** Splits plain text into text and http(s) links, so e-mailed links can be opened from the mailbox. */
export function splitLinks(text: string): Array<{ kind: 'text' | 'link'; value: string }> {
  const parts: Array<{ kind: 'text' | 'link'; value: string }> = [];
  let last = 0;
  for (const match of text.matchAll(urlPattern)) {
    const start = match.index ?? 0;
    // Trailing sentence punctuation is not part of the link.
    const url = match[0].replace(/[.,;:!?]+$/, '');
    if (start > last) parts.push({ kind: 'text', value: text.slice(last, start) });
    parts.push({ kind: 'link', value: url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ kind: 'text', value: text.slice(last) });
  return parts;
}

export function LinkifiedText({ text }: { text: string }) {
  return (
    <div className="ig-mail-text">
      {splitLinks(text).map((part, index) =>
        part.kind === 'link' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder.
          <Anchor key={index} href={part.value} target="_blank" rel="noopener noreferrer">
            {part.value}
          </Anchor>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder.
          <Fragment key={index}>{part.value}</Fragment>
        ),
      )}
    </div>
  );
}
