import { Placeholder } from '../../ui/placeholder';

export default function Page() {
  return <Placeholder title="分类与推荐" />;
}
