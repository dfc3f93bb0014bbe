import { PictureOutlined } from '@ant-design/icons';

/** A goods picture in a fixed square; a missing picture shows a neutral icon, never a broken image. */
export function GoodsThumb({ src, alt, size = 80, dim = false }: { src: string | null | undefined; alt: string; size?: number; dim?: boolean }) {
  const box: React.CSSProperties = {
    width: size,
    height: size,
    flexShrink: 0,
    borderRadius: 6,
    border: '1px solid #f0f0f0',
    background: '#fafafa',
    overflow: 'hidden',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    filter: dim ? 'grayscale(1)' : undefined,
    opacity: dim ? 0.6 : 1,
  };
  return (
    <div style={box}>
      {src ? (
        <img src={src} alt={alt} loading="lazy" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        <PictureOutlined style={{ fontSize: size / 3, color: '#ccc' }} />
      )}
    </div>
  );
}
