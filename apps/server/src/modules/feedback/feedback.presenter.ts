import type { feedbackData } from '@lingxi/contract';
import type { z } from 'zod';

export const presentFeedback = (row: { id: number }): z.infer<typeof feedbackData> => ({ id: row.id });
