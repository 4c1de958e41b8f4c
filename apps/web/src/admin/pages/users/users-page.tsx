import { Placeholder } from '../../ui/placeholder';

export default function Page() {
  return <Placeholder title="用户" />;
}
