import { Placeholder } from '../../ui/placeholder';

export default function Page() {
  return <Placeholder title="意见反馈" />;
}
