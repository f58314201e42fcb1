export { User, Email } from './user';
export * from './base';
