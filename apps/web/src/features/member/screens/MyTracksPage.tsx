/** 我的足迹 lives with the rest of browsing history and favourites in features/engagement. */
export { default } from '../../engagement/screens/MyTracksPage.tsx';
