import { WordFilterCache } from '../../platform/moderation/index.js';
import type { SettingsService } from '../settings/settings.service.js';

/**
 * The community's text check (docs/community.md, Moderation): a post or comment with a listed word is not
 * refused, it waits for review. Returns the first listed word found, or null when every text is clean.
 */
export class ContentScreen {
  private readonly words = new WordFilterCache();

  constructor(private readonly settings: SettingsService) {}

  async flaggedWord(...texts: string[]): Promise<string | null> {
    const filter = this.words.get((await this.settings.rules()).sensitive_words);
    for (const text of texts) {
      const word = filter.find(text);
      if (word) return word;
    }
    return null;
  }
}
