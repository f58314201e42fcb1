export function leftpad(s: string): string { return s; }
