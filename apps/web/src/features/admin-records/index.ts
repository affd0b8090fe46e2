/** The admin's read views of every suggestion, request and score: what the app layer composes. */
export { AdminSuggestionsList } from './components/suggestions-list';
export { AdminRequestsRoute } from './routes/admin-requests';
export { AdminScoresRoute } from './routes/admin-scores';
