import { z } from 'zod';

// Messages of zod's own checks in German, on both sides. Every module that defines schemas
// imports this one, so that the setting travels with them also where a bundler leaves the
// package index out (the package declares no other side effects).
z.config(z.locales.de());
