import { countGraphemes, SNIPPET_NOTE_MAX, SNIPPET_TITLE_MAX, type Snippet } from '@lingxi/contract';
import { Dialog, Input, TextArea, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateSnippet } from '../api/update-snippet';
import './snippet-edit-dialog.css';

export type SnippetField = 'title' | 'note';

interface SnippetEditDialogProps {
  snippet: Snippet;
  /** 重命名 edits the title (required, ≤ 40); 编辑备注 the note (may be emptied, ≤ 200). */
  field: SnippetField;
  onClose: () => void;
}

/** Rename a snippet or change its note: one field, its count, 保存 (PUT /api/v1/snippet/{id}). */
export function SnippetEditDialog({ snippet, field, onClose }: SnippetEditDialogProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState(snippet[field]);
  const update = useUpdateSnippet();
  const max = field === 'title' ? SNIPPET_TITLE_MAX : SNIPPET_NOTE_MAX;
  const length = countGraphemes(value.trim());
  const valid = length <= max && (field === 'note' || length > 0);

  const save = async () => {
    if (!valid || update.isPending) return;
    if (value.trim() === snippet[field]) return onClose();
    const saved = await update.mutateAsync({ id: snippet.id, [field]: value.trim() }).catch(() => null);
    if (!saved) return;
    Toast.show({ icon: 'success', content: t('common.saved') });
    onClose();
  };

  return (
    <Dialog
      visible
      title={t(field === 'title' ? 'snippets.renameTitle' : 'snippets.noteTitle')}
      onClose={onClose}
      content={
        <div className="lx-snippet-edit" data-testid="snippet-edit">
          {field === 'title' ? (
            <Input
              className="lx-snippet-edit__input"
              value={value}
              onChange={setValue}
              placeholder={t('snippets.titlePlaceholder')}
              clearable
              autoFocus
            />
          ) : (
            <TextArea
              className="lx-snippet-edit__input"
              value={value}
              onChange={setValue}
              placeholder={t('snippets.notePlaceholder')}
              autoSize={{ minRows: 3, maxRows: 6 }}
              autoFocus
            />
          )}
          <span className={`lx-snippet-edit__count${length > max ? ' lx-snippet-edit__count--over' : ''}`}>
            {length}/{max}
          </span>
        </div>
      }
      actions={[
        [
          { key: 'cancel', text: t('common.cancel'), onClick: onClose },
          {
            key: 'save',
            text: t('common.save'),
            bold: true,
            disabled: !valid || update.isPending,
            onClick: () => void save(),
          },
        ],
      ]}
    />
  );
}
