import { setupTemplate } from './test-template.ts';

export default () => setupTemplate('postgres');
