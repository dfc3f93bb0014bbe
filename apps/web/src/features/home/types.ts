/** A slide of the home's banner (the site settings' banners, or one made from a top category). */
export interface Banner {
  image: string;
  title?: string;
  link?: string;
}
