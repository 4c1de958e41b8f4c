import type { z } from 'zod';
import type { botListQuery } from '@lingxi/contract';
import type { AuthUser } from '../../platform/http/auth.js';
import { ok } from '../../platform/http/envelope.js';
import { presentPage } from '../../platform/http/page.js';
import { requestLocale } from '../../platform/http/request-context.js';
import { presentBotDetail, presentBotSummary, presentCategory } from './bots.presenter.js';
import type { BotsService } from './bots.service.js';

/** The route's own serializer (`reply.serialize`): a kept answer is byte for byte what the route would write. */
type Serialize = (payload: unknown) => string;

/**
 * A viewer's own mark on an answer kept for everyone: their favourite. The one `"is_favourite":false` outside a
 * string is the key itself (inside a JSON string every quote is escaped), and a bot page or home has one.
 */
const favoured = (json: string) => json.replace('"is_favourite":false', '"is_favourite":true');

/**
 * The catalogue's public reads, served from the answers BotsService keeps (docs/performance.md, Fast reads):
 * per locale, and for bot pages and home per models' version (a bot's page also per favourites made here); a member's view (their model and price) and a bot
 * only its creator may see are never kept. A logged-in viewer's favourite is read for them on every request.
 */
export function catalogueAnswers(bots: BotsService) {
  const cache = bots.answers;
  const key = (...parts: (string | number)[]) => parts.join('|');

  async function favouredBy(viewer: AuthUser | null, json: string, botId: number) {
    return viewer && (await bots.isFavourite(viewer.id, botId)) ? favoured(json) : json;
  }

  return {
    async categories(serialize: Serialize) {
      const answer = await cache.get(key('categories', requestLocale()), async () => ({
        json: serialize(ok({ list: (await bots.categories()).map(presentCategory) })),
      }));
      return answer!.json;
    },

    async list(query: z.output<typeof botListQuery>, serialize: Serialize) {
      const answer = await cache.get(key('list', requestLocale(), JSON.stringify(query)), async () => ({
        json: serialize(ok(presentPage(await bots.list(query), presentBotSummary))),
      }));
      return answer!.json;
    },

    async home(viewer: AuthUser | null, serialize: Serialize) {
      const present = async (v: AuthUser | null) => {
        const { assistant, featured } = await bots.home(v);
        const json = serialize(
          ok({ assistant: presentBotDetail(assistant), featured: featured.map(presentBotSummary) }),
        );
        return { json, botId: assistant.bot.id };
      };
      if (bots.readsAsMember(viewer)) return (await present(viewer)).json;
      const answer = (await cache.get(key('home', requestLocale(), bots.modelsVersion), () =>
        present(null),
      ))!;
      return favouredBy(viewer, answer.json, answer.botId!);
    },

    async detail(botId: number, viewer: AuthUser | null, serialize: Serialize) {
      if (!bots.readsAsMember(viewer)) {
        const answer = await cache.get(
          key('detail', botId, requestLocale(), bots.modelsVersion, bots.favouriteVersion(botId)),
          async () => {
            const detail = await bots.openDetail(botId);
            return detail && { json: serialize(ok(presentBotDetail(detail))), botId };
          },
        );
        if (answer) return favouredBy(viewer, answer.json, botId);
      }
      return serialize(ok(presentBotDetail(await bots.detail(botId, viewer))));
    },
  };
}
