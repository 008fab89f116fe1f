import { HighlightStyle } from '@codemirror/language';
import { tags as t } from '@lezer/highlight';

/** Token colours readable on the app's dark and light backgrounds (mid-tone, like One Dark's). */
export const codehubHighlightStyle = HighlightStyle.define([
  { tag: [t.keyword, t.controlKeyword, t.moduleKeyword, t.operatorKeyword], color: '#c678dd' },
  { tag: [t.string, t.special(t.string), t.regexp], color: '#98c379' },
  { tag: [t.number, t.bool, t.null, t.atom], color: '#d19a66' },
  { tag: [t.comment, t.lineComment, t.blockComment], color: '#7f8c98', fontStyle: 'italic' },
  { tag: [t.function(t.variableName), t.function(t.propertyName)], color: '#61afef' },
  { tag: [t.definition(t.variableName), t.className, t.typeName], color: '#e5c07b' },
  { tag: [t.tagName, t.heading], color: '#e06c75', fontWeight: 'bold' },
  { tag: [t.attributeName, t.propertyName], color: '#56b6c2' },
  { tag: t.link, color: '#61afef', textDecoration: 'underline' },
  { tag: t.invalid, color: '#ff5555' },
]);
