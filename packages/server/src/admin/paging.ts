/** Page and size of every console list (Refine sends `page` and `pageSize`). */
import { z } from 'zod';

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});

export const idParams = z.object({ id: z.coerce.number().int().positive() });
