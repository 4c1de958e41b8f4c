/** Why a document cannot be read, in words its owner understands; shown as the document's failure reason. */
export const DocumentFailure = {
  ENCRYPTED: '文件已加密，请去除密码后重新上传',
  CORRUPT: '文件已损坏或格式不正确，无法读取',
  NO_TEXT: '未能从文件中读取到文字（扫描件或图片暂不支持）',
  BINARY: '文件不是文本格式，无法读取',
  UNSUPPORTED: '暂不支持该文件格式，请上传 txt、md、pdf 或 docx 文件',
} as const;

/**
 * A permanent failure of a document: retrying cannot help, so the document ends `failed` with `message` as its
 * reason. Any other error while processing is transient and the job is retried.
 */
export class DocumentError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DocumentError';
  }
}
