import { HistoryPage } from '#client/features/history/history-page.tsx';
import { SearchPanel } from '#client/features/search/search-panel.tsx';

/** /history: the conversation list with the search feature's panel above it (one lazy chunk). */
export default function HistoryScreen() {
  return <HistoryPage SearchPanel={SearchPanel} />;
}
