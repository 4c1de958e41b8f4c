import type { Topic } from '@lingxi/contract';
import { useTranslation } from 'react-i18next';
import { useTopics } from '../api/get-topics';
import './topic-picker.css';

interface TopicPickerProps {
  value: Topic | null;
  onChange: (topic: Topic | null) => void;
}

/** #话题: the operators' topics as chips; one at most, tap again to drop it. Nothing when there are none. */
export function TopicPicker({ value, onChange }: TopicPickerProps) {
  const { t } = useTranslation();
  const topics = useTopics().data?.list ?? [];
  // A drafted topic the operators closed since: still shown, so the user sees it and can drop it.
  const shown = value && !topics.some((topic) => topic.id === value.id) ? [value, ...topics] : topics;
  if (shown.length === 0) return null;
  return (
    <section className="lx-topics lx-card">
      <h2 className="lx-topics__title">{t('release.topic')}</h2>
      <div className="lx-topics__chips" role="radiogroup" aria-label={t('release.topic')}>
        {shown.map((topic) => {
          const on = value?.id === topic.id;
          return (
            <button
              key={topic.id}
              type="button"
              role="radio"
              aria-checked={on}
              className={`lx-topics__chip${on ? ' lx-topics__chip--on' : ''}`}
              onClick={() => onChange(on ? null : topic)}
              data-testid="topic-chip"
            >
              #{topic.name}
            </button>
          );
        })}
      </div>
    </section>
  );
}
