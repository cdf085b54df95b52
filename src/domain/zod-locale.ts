import { z } from 'zod';

// Default validation messages in Indonesian, for every schema on both sides.
z.config(z.locales.id());
