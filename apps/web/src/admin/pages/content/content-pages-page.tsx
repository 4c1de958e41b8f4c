import { Placeholder } from '../../ui/placeholder';

export default function Page() {
  return <Placeholder title="内容页面" />;
}
