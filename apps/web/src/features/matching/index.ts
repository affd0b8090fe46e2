/** What the app layer composes from matching (features never import each other). */
export { RecommendedSuggestions } from './components/recommended-suggestions';
export { WhyThisMatch } from './components/why-this-match';
