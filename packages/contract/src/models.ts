import { z } from 'zod';

/** `offline`: the built-in model that needs no network and answers with sample text. */
export const modelProvider = z.enum(['offline', 'openai']);
export type ModelProvider = z.infer<typeof modelProvider>;

/**
 * A model as a chat names it: the header shows its name, and an offline one is said so once, quietly. Prices
 * are for the viewer (docs/money.md, VIP): `chip_price` is what one reply costs them (a member's discounted
 * price), `base_chip_price` the list price (equal for non-members; a client shows it struck through when higher).
 */
export const modelBrief = z.object({
  id: z.string(),
  name: z.string(),
  provider: modelProvider,
  chip_price: z.number().int(),
  base_chip_price: z.number().int(),
});
export type ModelBrief = z.infer<typeof modelBrief>;
