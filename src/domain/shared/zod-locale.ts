import { config } from 'zod';
import id from 'zod/v4/locales/id.js';

// Default validation messages in Indonesian, for every schema on both sides. Only the `id`
// locale is imported so the browser bundle does not carry zod's other languages.
config(id());
