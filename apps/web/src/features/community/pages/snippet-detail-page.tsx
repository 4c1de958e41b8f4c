/**
 * `/post/detail?snippet={id}`: one of the user's own snippets read in full. A stand-in until the snippets' page
 * (built beside 我的片段) replaces this file.
 */
export default function SnippetDetailPage() {
  return null;
}
