import type { BotSummary } from '@lingxi/contract';
import { Skeleton } from 'antd-mobile';
import { BotAvatar } from '../../../components/bot-avatar';

interface FeaturedBotsProps {
  bots: readonly BotSummary[] | undefined;
  onOpen: (bot: BotSummary) => void;
}

/** Recommended bots as a two-column grid of compact cards. */
export function FeaturedBots({ bots, onOpen }: FeaturedBotsProps) {
  if (!bots) {
    return (
      <div className="lx-featured">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="lx-featured__card lx-card">
            <Skeleton.Paragraph lineCount={3} animated />
          </div>
        ))}
      </div>
    );
  }
  return (
    <div className="lx-featured">
      {bots.map((bot) => (
        <button
          key={bot.id}
          type="button"
          className="lx-featured__card lx-card"
          onClick={() => onOpen(bot)}
          data-testid="featured-bot"
        >
          <span className="lx-featured__head">
            <BotAvatar src={bot.avatar} size={36} />
            <span className="lx-featured__name">{bot.name}</span>
          </span>
          <span className="lx-featured__intro">{bot.intro}</span>
        </button>
      ))}
    </div>
  );
}
