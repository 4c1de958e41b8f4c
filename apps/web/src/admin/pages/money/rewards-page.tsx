import { Placeholder } from '../../ui/placeholder';

export default function Page() {
  return <Placeholder title="邀请与创作者收益" />;
}
