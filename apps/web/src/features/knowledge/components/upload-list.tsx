import { ProgressBar } from 'antd-mobile';
import { CheckCircleFill, CloseOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { FileIcon } from './file-icon';
import { documentKind, formatBytes } from './format';
import type { UploadItem } from './use-document-uploads';

interface UploadListProps {
  items: UploadItem[];
  onRetry: (key: string) => void;
  onDismiss: (key: string) => void;
}

/** The files being sent: each with its own progress, or its failure and a retry. */
export function UploadList({ items, onRetry, onDismiss }: UploadListProps) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <ul
      className="lx-kb-uploads lx-card"
      aria-label={t('knowledge.upload.listLabel')}
      data-testid="upload-list"
    >
      {items.map((item) => {
        const failed = item.stage === 'failed';
        const kind = documentKind({ source: 'upload', mime: '', name: item.name });
        return (
          <li
            key={item.key}
            className={`lx-kb-upload${failed ? ' lx-kb-upload--failed' : ''}`}
            data-testid="upload-item"
            data-stage={item.stage}
          >
            <FileIcon kind={kind} size={32} />
            <div className="lx-kb-upload__body">
              <div className="lx-kb-upload__head">
                <span className="lx-kb-upload__name">{item.name}</span>
                <span className="lx-kb-upload__size">{formatBytes(item.bytes)}</span>
              </div>
              {failed ? (
                <div className="lx-kb-upload__error" role="alert" data-testid="upload-error">
                  {item.error}
                </div>
              ) : item.stage === 'done' ? (
                <div className="lx-kb-upload__done">
                  <CheckCircleFill /> {t('knowledge.upload.added')}
                </div>
              ) : (
                <>
                  <ProgressBar
                    percent={Math.round(item.progress * 100)}
                    className="lx-kb-upload__bar"
                    aria-label={item.name}
                  />
                  <div className="lx-kb-upload__stage">
                    {item.stage === 'waiting'
                      ? t('knowledge.upload.waiting')
                      : item.stage === 'adding'
                        ? t('knowledge.upload.adding')
                        : t('knowledge.upload.uploading', { percent: Math.round(item.progress * 100) })}
                  </div>
                </>
              )}
            </div>
            {failed ? (
              <span className="lx-kb-upload__actions">
                {item.retryable ? (
                  <button
                    type="button"
                    className="lx-kb-upload__retry"
                    onClick={() => onRetry(item.key)}
                    data-testid="upload-retry"
                  >
                    {t('knowledge.upload.retry')}
                  </button>
                ) : null}
                <button
                  type="button"
                  className="lx-kb-upload__dismiss"
                  onClick={() => onDismiss(item.key)}
                  aria-label={t('knowledge.upload.dismiss', { name: item.name })}
                  data-testid="upload-dismiss"
                >
                  <CloseOutline />
                </button>
              </span>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
