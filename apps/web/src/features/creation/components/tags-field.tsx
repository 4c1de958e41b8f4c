import { BOT_TAG_MAX, BOT_TAGS_MAX } from '@lingxi/contract';
import { Input } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface TagsFieldProps {
  value: string[];
  onChange: (tags: string[]) => void;
}

/** Tags as chips: type one and press Enter (or 添加); at most five, duplicates ignored. */
export function TagsField({ value, onChange }: TagsFieldProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const full = value.length >= BOT_TAGS_MAX;

  const add = () => {
    const tag = draft.trim();
    if (!tag || full) return;
    if (!value.includes(tag)) onChange([...value, tag]);
    setDraft('');
  };

  return (
    <div className="lx-tags-field">
      {value.length > 0 ? (
        <div className="lx-tags-field__chips">
          {value.map((tag) => (
            <span key={tag} className="lx-chip" data-testid="tag-chip">
              {tag}
              <button
                type="button"
                className="lx-chip__remove"
                aria-label={t('creation.tags.remove', { tag })}
                onClick={() => onChange(value.filter((v) => v !== tag))}
              >
                <CloseOutline />
              </button>
            </span>
          ))}
        </div>
      ) : null}
      {full ? null : (
        <div className="lx-inline-input">
          <Input
            value={draft}
            onChange={setDraft}
            maxLength={BOT_TAG_MAX}
            placeholder={t('creation.tags.placeholder')}
            onEnterPress={add}
            enterKeyHint="done"
            data-testid="tag-input"
          />
          <button
            type="button"
            className="lx-inline-input__button"
            disabled={!draft.trim()}
            onClick={add}
            data-testid="tag-add"
          >
            {t('creation.tags.add')}
          </button>
        </div>
      )}
    </div>
  );
}
