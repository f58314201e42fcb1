export function format(x: number): string {
  return String(x);
}

export default function defaultFormat(): string {
  return format(0);
}
