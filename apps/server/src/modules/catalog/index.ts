// What other code may use of the catalogue beside its service: the category tree's type, goods pictures, and
// the goods input schemas a store's console shares with the shop's.
export { type CategoryNode } from './catalog.presenter.ts';
export { resolveImage, storeGoodsImage } from './goods-images.ts';
export { createGoodsBody, goodsIdQuery, goodsPageQuery, parseInput, shelfBody, updateGoodsBody } from './goods-input.ts';
