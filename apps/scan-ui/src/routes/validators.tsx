import { Page } from '../components/page';
import { Empty } from '../components/query-view';

export default function Placeholder() {
  return (
    <Page title="validators">
      <Empty>Not built yet.</Empty>
    </Page>
  );
}
