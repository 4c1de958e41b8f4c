import { z } from 'zod';

/** `offline`: the built-in model that needs no network and answers with sample text. */
export const modelProvider = z.enum(['offline', 'openai']);
export type ModelProvider = z.infer<typeof modelProvider>;

/** A model as a chat names it: the header shows its name, and an offline one is said so once, quietly. */
export const modelBrief = z.object({
  id: z.string(),
  name: z.string(),
  provider: modelProvider,
});
export type ModelBrief = z.infer<typeof modelBrief>;
