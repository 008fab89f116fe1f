/** 'a, b ,c' → ['a', 'b', 'c']: the values typed into one text field. */
export const commaList = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
