/** 我的收藏 lives with the rest of browsing history and favourites in features/engagement. */
export { default } from '../../engagement/screens/FavoritesPage.tsx';
