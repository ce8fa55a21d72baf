/**
 * The numbers one slip of the finger away from `number`: one digit typed wrong, or two neighbours
 * swapped. A 10-digit number has 90 + 9 of them; they are what a wrong-number guard looks up.
 */
export function nearNumbers(number: string): string[] {
  const near = new Set<string>();
  const digits = [...number];
  for (let i = 0; i < digits.length; i++) {
    for (let d = 0; d <= 9; d++) {
      const c = String(d);
      if (c === digits[i]) continue;
      near.add(`${number.slice(0, i)}${c}${number.slice(i + 1)}`);
    }
    if (i + 1 < digits.length && digits[i] !== digits[i + 1]) {
      near.add(`${number.slice(0, i)}${digits[i + 1]}${digits[i]}${number.slice(i + 2)}`);
    }
  }
  near.delete(number);
  return [...near];
}
