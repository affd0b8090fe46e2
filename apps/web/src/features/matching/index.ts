/** The matching feature's public API: what the app layer composes (features never import each other). */
export { useSuggestions } from './api/get-suggestions';
export { trackEvent } from './api/track-event';
export { WhyThisMatch } from './components/match-parts';
export { RecommendedSuggestions } from './components/recommended-suggestions';
export { ScoreRing, StrongMatchBadge } from './components/score-ring';
export { WhyThisMatchToggle } from './components/why-this-match';
