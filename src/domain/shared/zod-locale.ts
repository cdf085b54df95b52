import { config } from 'zod/mini';
import id from 'zod/v4/locales/id.js';

// Default validation messages in Indonesian, for every schema on both sides. Only the `id`
// locale is imported so the browser bundle does not carry zod's other languages. From zod/mini so
// the public form pages do not load classic zod; classic's English default never overrides an
// explicit config, whichever loads first.
config(id());
