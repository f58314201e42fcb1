export * from './strings';
export { format as fmt } from './format';
export * as math from './math';
