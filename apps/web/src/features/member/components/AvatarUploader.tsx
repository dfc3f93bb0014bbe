import { useState } from 'react';
import { Avatar, Button, Upload } from 'antd';
import { CameraOutlined, UserOutlined } from '@ant-design/icons';
import ImgCrop from 'antd-img-crop';
import { RequestError } from '../../../lib/request.ts';
import { reloadUser } from '../../../lib/session.ts';
import { uploadAvatar } from '../api/uploadAvatar.ts';
import { AVATAR_ACCEPT, avatarFileProblem } from '../lib/avatarFile.ts';
import { squareImage } from '../lib/squareImage.ts';
import { useFeedback } from '../../../lib/feedback.ts';

/**
 * The avatar with 更换头像: pick a JPEG/PNG/WebP of at most 5 MB, crop it square, upload. The header
 * shows the new picture at once (the session's member is fetched again).
 */
export function AvatarUploader({ src }: { src: string | null }) {
  const { message } = useFeedback();
  const [uploading, setUploading] = useState(false);

  async function upload(file: File) {
    const problem = avatarFileProblem(file);
    if (problem) {
      void message.error(problem);
      return;
    }
    setUploading(true);
    try {
      const square = await squareImage(file);
      const again = avatarFileProblem(square);
      if (again) throw new Error(again);
      await uploadAvatar(square, file.name);
      await reloadUser();
      void message.success('头像已更新');
    } catch (err) {
      // Request failures are shown by the request helper; local ones here.
      if (!(err instanceof RequestError)) void message.error(err instanceof Error ? err.message : '头像上传失败');
    } finally {
      setUploading(false);
    }
  }

  return (
    <div style={{ textAlign: 'center' }}>
      <Avatar size={112} src={src || undefined} icon={<UserOutlined />} alt="头像" data-testid="profile-avatar" />
      <ImgCrop
        aspect={1}
        quality={0.9}
        rotationSlider
        showReset
        resetText="重置"
        modalTitle="裁剪头像"
        modalOk="确定"
        modalCancel="取消"
        // A wrong kind or size never opens the cropper; beforeUpload then says why.
        beforeCrop={(file) => avatarFileProblem(file) === null}
      >
        <Upload
          accept={AVATAR_ACCEPT}
          showUploadList={false}
          maxCount={1}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button icon={<CameraOutlined />} loading={uploading} style={{ marginTop: 16 }} data-testid="avatar-upload">
            更换头像
          </Button>
        </Upload>
      </ImgCrop>
      <div style={{ marginTop: 8, fontSize: 12, color: '#6b6b6b', lineHeight: 1.6 }}>
        支持 JPG、PNG、WebP
        <br />
        不超过 5 MB，将裁剪为正方形
      </div>
    </div>
  );
}
